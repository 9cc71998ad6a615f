export const authKeys = {
  all: ['auth'] as const,
  user: () => ['auth', 'user'] as const,
  sessions: () => ['auth', 'sessions'] as const,
  twoFactor: () => ['auth', 'twofactor'] as const,
  config: () => ['config'] as const,
};
