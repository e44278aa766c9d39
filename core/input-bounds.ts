// The largest number any door takes (a route's path, query or body; a command's input): PostgreSQL's integer
// (int4), the type of the counters, version numbers and amounts behind the doors. A bigger number would reach the
// database and fail there as a 500 ('integer out of range', issue 24). Pure: the client may import it (decision 072).
export const MAX_INPUT_NUMBER = 2_147_483_647;
