import { checkTranslations } from '../payee/checkTranslations.ts'
import de from './batch/de.ts'
import en from './batch/en.ts'
import es from './batch/es.ts'
import fr from './batch/fr.ts'
import ja from './batch/ja.ts'
import ptBR from './batch/pt-BR.ts'

checkTranslations('pay several', { en, es, de, fr, 'pt-BR': ptBR, ja })
