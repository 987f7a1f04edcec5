/**
 * The media query of a phone's layout: below Mantine's `sm` breakpoint (48em), where
 * `mantine-hidden-from-sm` shows and a table's rows become cards (table.module.css).
 */
export const PHONE_QUERY = "(max-width: 47.99em)";
