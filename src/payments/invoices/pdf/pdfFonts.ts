import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

const resolve = createRequire(import.meta.url).resolve
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined

/**
 * Noto Sans JP, regular and bold, read once: one family that prints Latin, Greek, Cyrillic and
 * Japanese, so a buyer's name in any of them is drawn, embedded as the subset a PDF uses.
 */
export const invoiceFonts = () =>
  (fonts ??= Promise.all([
    readFile(resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf')),
    readFile(resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold })))
