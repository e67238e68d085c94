/** Which module owns each table, by its schema export (table-owners.mjs). */
export declare const TABLE_OWNERS: Record<string, string>;
