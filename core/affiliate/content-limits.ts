// Lengths of the partner content admins keep, without zod, so the browser's forms check the same limits.
export const MATERIAL_LIMITS = { titleMax: 120, descriptionMax: 500, subjectMax: 200, bodyMax: 5000 } as const;
export const VIDEO_LIMITS = { titleMax: 160, descriptionMax: 1000, bodyMax: 20_000, urlMax: 500, durationMax: 600 } as const;
