import { loginRequestSchema } from '@genodesk/contract/auth';
import { zod4Resolver } from 'mantine-form-zod-resolver';

export { translateMessage } from '@genodesk/contract/messages';

/**
 * Validates the login form with the contract schema, and translates its message keys. Loaded on the
 * first submit so that zod, the contract (with its phone metadata) and its messages stay out of the
 * login screen's initial JavaScript.
 */
export const validateLogin = zod4Resolver(loginRequestSchema, { errorPriority: 'first' });
