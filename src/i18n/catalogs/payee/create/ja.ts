import type { PayeeCreateCatalog } from './en.ts'

const ja: PayeeCreateCatalog = {
  form: {
    due: '期限',
    duePresets: '期限のクイック選択',
    sameAmount:
      '同じ金額の未払い請求がほかにもあります。直接送金（取引所から、または QR コードを読み取ったウォレットから）では両者を区別できません。1 セント加えるか、支払者にウォレットリンクを使うよう伝えてください。',
  },
}

export default ja
