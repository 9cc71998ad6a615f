import { z } from 'zod';

/** The body of every error reply: `{ error: { code, message, fields } }`. */
export const errorReplySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;
