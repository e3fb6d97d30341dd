import { checkTranslations } from './checkTranslations.ts'
import de from './payouts/de.ts'
import en from './payouts/en.ts'
import es from './payouts/es.ts'
import fr from './payouts/fr.ts'
import ja from './payouts/ja.ts'
import ptBR from './payouts/pt-BR.ts'

checkTranslations('payouts', { en, es, de, fr, 'pt-BR': ptBR, ja })
