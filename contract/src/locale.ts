import { z } from 'zod';
import { locales } from './locales.js';

export * from './locales.js';
export const localeSchema = z.enum(locales);
