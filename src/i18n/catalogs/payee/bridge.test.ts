import { checkTranslations } from './checkTranslations.ts'
import de from './bridge/de.ts'
import en from './bridge/en.ts'
import es from './bridge/es.ts'
import fr from './bridge/fr.ts'
import ja from './bridge/ja.ts'
import ptBR from './bridge/pt-BR.ts'

checkTranslations('bridge', { en, es, de, fr, 'pt-BR': ptBR, ja })
