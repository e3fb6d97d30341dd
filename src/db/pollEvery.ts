/** Runs `look` now and then `intervalMs` after each run ends, until stopped; it never keeps the process alive. */
export function pollEvery(intervalMs: number, look: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const loop = () => {
    if (stopped) return
    void look().finally(() => {
      if (!stopped) timer = setTimeout(loop, intervalMs).unref()
    })
  }
  loop()
  return {
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}
