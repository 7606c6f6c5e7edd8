/**
 * The SQL test, inside a trigger or a function, that the statement runs as
 * one of the public API roles (a respondent through PostgREST), not as the
 * service role or an owner: the campaign, quota and once guards refuse only
 * those.
 */
export const PUBLIC_ROLE = "current_setting('role') in ('anon', 'authenticated')";
