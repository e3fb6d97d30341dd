import { checkTranslations } from '../payee/checkTranslations.ts'
import de from './onChains/de.ts'
import en from './onChains/en.ts'
import es from './onChains/es.ts'
import fr from './onChains/fr.ts'
import ja from './onChains/ja.ts'
import ptBR from './onChains/pt-BR.ts'

checkTranslations('payments on several chains', { en, es, de, fr, 'pt-BR': ptBR, ja })
