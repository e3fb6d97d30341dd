import { checkTranslations } from './checkTranslations.ts'
import de from './relayers/de.ts'
import en from './relayers/en.ts'
import es from './relayers/es.ts'
import fr from './relayers/fr.ts'
import ja from './relayers/ja.ts'
import ptBR from './relayers/pt-BR.ts'

checkTranslations('relayers', { en, es, de, fr, 'pt-BR': ptBR, ja })
