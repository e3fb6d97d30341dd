import { checkTranslations } from '../payee/checkTranslations.ts'
import de from './payout/de.ts'
import en from './payout/en.ts'
import es from './payout/es.ts'
import fr from './payout/fr.ts'
import ja from './payout/ja.ts'
import ptBR from './payout/pt-BR.ts'

checkTranslations('payout receipt', { en, es, de, fr, 'pt-BR': ptBR, ja })
