declare module 'naughty-words' {
  const lists: Record<string, string[]>;
  export default lists;
}
