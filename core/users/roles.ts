// A person's role: the admin's user list filters by it and the role change sets it.
export const USER_ROLES = ['seeker', 'provider', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
