import { customType } from 'drizzle-orm/pg-core';

/** Binary content as a Buffer (uploaded files, credential keys). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
