import { checkTranslations } from './checkTranslations.ts'
import de from './priced/de.ts'
import en from './priced/en.ts'
import es from './priced/es.ts'
import fr from './priced/fr.ts'
import ja from './priced/ja.ts'
import ptBR from './priced/pt-BR.ts'

checkTranslations('priced', { en, es, de, fr, 'pt-BR': ptBR, ja })
