/**
 * Two rising notes drawn with Web Audio when a sale turns paid: no sound file to fetch. Browsers
 * let a page play sound only after a tap, which the cashier's "Charge" is.
 */
export function playPaidChime(): void {
  const Context = globalThis.AudioContext as typeof AudioContext | undefined
  if (!Context) return
  const audio = new Context()
  const start = audio.currentTime
  ;[880, 1320].forEach((frequency, i) => {
    const tone = audio.createOscillator()
    const gain = audio.createGain()
    tone.type = 'sine'
    tone.frequency.value = frequency
    const at = start + i * 0.14
    gain.gain.setValueAtTime(0.0001, at)
    gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3)
    tone.connect(gain).connect(audio.destination)
    tone.start(at)
    tone.stop(at + 0.32)
  })
  setTimeout(() => void audio.close(), 1000)
}
