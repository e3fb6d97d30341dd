import { checkTranslations } from './checkTranslations.ts'
import de from './business/de.ts'
import en from './business/en.ts'
import es from './business/es.ts'
import fr from './business/fr.ts'
import ja from './business/ja.ts'
import ptBR from './business/pt-BR.ts'

checkTranslations('business', { en, es, de, fr, 'pt-BR': ptBR, ja })
