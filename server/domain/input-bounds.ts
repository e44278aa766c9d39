// The bound of every number a door takes lives in core (the contract's schemas use it too).
export { MAX_INPUT_NUMBER } from '../../core/input-bounds.ts';
