import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { twMergeConfig } from './tw-merge-config.ts';

// tailwind-merge with only the class groups the app's classes belong to (decision 055): the default configuration
// was about 6 KB gzip of every page's first JavaScript. tests/unit/tw-merge-config.test.ts keeps it equal to the
// default on every pair of classes written in src/.
const twMerge = createTailwindMerge(() => twMergeConfig);

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
