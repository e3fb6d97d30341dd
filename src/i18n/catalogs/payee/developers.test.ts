import { checkTranslations } from './checkTranslations.ts'
import de from './developers/de.ts'
import en from './developers/en.ts'
import es from './developers/es.ts'
import fr from './developers/fr.ts'
import ja from './developers/ja.ts'
import ptBR from './developers/pt-BR.ts'

checkTranslations('developers', { en, es, de, fr, 'pt-BR': ptBR, ja })
