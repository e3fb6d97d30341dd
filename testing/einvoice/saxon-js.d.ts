/** The part of SaxonJS's API the validators use (the package ships no types). */
declare module 'saxon-js' {
  type TransformOptions = { stylesheetInternal: unknown; sourceText: string; destination: 'document' }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): { principalResult: unknown }
    XPath: {
      evaluate(xpath: string, context: unknown, options?: { namespaceContext?: Record<string, string> }): unknown
    }
  }
  export default SaxonJS
}
