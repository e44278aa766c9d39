import * as React from 'react';
import { Slot } from 'radix-ui';
import { buttonClass, buttonVariants, type ButtonVariantProps } from './button-variants';

export { buttonVariants };

export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement>, ButtonVariantProps {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp className={buttonClass({ variant, size }, className)} {...props} />;
}
