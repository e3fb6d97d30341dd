import type { PayeeSettingsCatalog } from './en.ts'

const ja: PayeeSettingsCatalog = {
  page: {
    title: '設定',
    sessions: 'セッション',
  },
  profile: {
    title: '支払者に表示する名前',
    hint: '支払いページと領収書でアドレスの横に、あなたが名乗る名前として表示されます。',
    displayName: '表示名',
    website: 'ウェブサイト（任意）',
    saving: '保存しています…',
    save: '保存',
    saved: '保存しました。',
  },
}

export default ja
