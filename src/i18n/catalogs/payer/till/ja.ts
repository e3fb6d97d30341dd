import type { TillLinkCatalog } from './en.ts'

const ja: TillLinkCatalog = {
  'payer/till/link': {
    title: 'レジで支払う',
    opening: '会計を開いています…',
    waiting: 'このレジで待っている会計はまだありません。レジ係が請求するとすぐにこのページが開きます。',
    notFound: 'このレジは存在しないか、閉じられています。',
  },
}

export default ja
