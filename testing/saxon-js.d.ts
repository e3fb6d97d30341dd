/** The part of SaxonJS's API the e-invoice validators use (the package ships no types). */
declare module 'saxon-js' {
  const SaxonJS: {
    transform(options: Record<string, unknown>, mode: 'async'): Promise<unknown>
  }
  export default SaxonJS
}
