declare module 'wink-porter2-stemmer' {
  const stem: (word: string) => string
  export default stem
}
