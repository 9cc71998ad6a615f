import { loginRequestSchema } from '@genodesk/contract/auth';
import { zod4Resolver } from 'mantine-form-zod-resolver';

/**
 * Validates the login form with the contract schema. Loaded on the first submit so that zod and the
 * contract (with its phone metadata) stay out of the login screen's initial JavaScript.
 */
export const validateLogin = zod4Resolver(loginRequestSchema, { errorPriority: 'first' });
