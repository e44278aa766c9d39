// The button's look without its component: what the layout and the landing page (in every page's first bundle) put on
// a plain <button> or link, so radix-ui's Slot, which only `asChild` needs, stays out of that bundle.
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline: 'border border-input bg-card shadow-sm hover:bg-muted',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline',
        hero: 'bg-gradient-to-r from-primary to-orange-500 text-primary-foreground shadow-lg shadow-primary/25 hover:brightness-110 font-semibold',
        accent: 'bg-accent text-accent-foreground shadow-sm hover:bg-accent/90 font-semibold',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 rounded-md px-3 text-xs',
        lg: 'h-12 rounded-lg px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;

/** The classes of a Button with these variants (as `Button` merges them, so a size's text size wins over the base's). */
export function buttonClass(variants: ButtonVariantProps = {}, className?: string): string {
  return cn(buttonVariants({ ...variants, className }));
}
