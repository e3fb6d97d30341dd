import { checkTranslations } from './checkTranslations.ts'
import de from './books/de.ts'
import en from './books/en.ts'
import es from './books/es.ts'
import fr from './books/fr.ts'
import ja from './books/ja.ts'
import ptBR from './books/pt-BR.ts'

checkTranslations('books', { en, es, de, fr, 'pt-BR': ptBR, ja })
