/** A GraphQL subscription over server-sent events, its events read as they come. */
export async function openEventStream(url: string, query: string, cookie?: string) {
  const response = await fetch(`${url}/graphql?query=${encodeURIComponent(query)}`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
  })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffered = ''
  return {
    /** The next event's data; throws 'stream ended' when the server (or the proxy) closed the stream. */
    async next(): Promise<unknown> {
      for (;;) {
        const end = buffered.indexOf('\n\n')
        if (end >= 0) {
          const event = buffered.slice(0, end)
          buffered = buffered.slice(end + 2)
          const data = event.split('\n').find((line) => line.startsWith('data:'))
          if (data) return JSON.parse(data.slice(5))
          continue
        }
        const { value, done } = await reader.read()
        if (done) throw new Error('stream ended')
        buffered += value
      }
    },
    close: () => reader.cancel(),
  }
}
