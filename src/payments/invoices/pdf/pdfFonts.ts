import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

const resolve = createRequire(import.meta.url).resolve
type Weights = { regular: Uint8Array[]; bold: Uint8Array[] }
let fonts: Promise<Weights> | undefined

/**
 * Noto Sans (every Latin, Greek and Cyrillic letter: Dvořák, Łódź, Ελληνικά) then Noto Sans JP
 * (Japanese), regular and bold, read once; a PDF embeds the subset it uses of each.
 */
export const invoiceFonts = () =>
  (fonts ??= Promise.all(
    [
      '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
      '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
      '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
      '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
    ].map((file) => readFile(resolve(file))),
  ).then(([latin, japanese, latinBold, japaneseBold]) => ({
    regular: [latin!, japanese!],
    bold: [latinBold!, japaneseBold!],
  })))
