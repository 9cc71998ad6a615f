import { z } from 'zod';

/** The body of every error reply: `{ error: { code, message, fields } }`. */
export const errorReplySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /**
     * What the caller may act on beyond the message, the same in every language; its shape is the
     * error's own (a booking over free slots: `freeSlotClashDetailsSchema`, their ids).
     */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;
