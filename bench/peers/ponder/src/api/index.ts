import { db } from 'ponder:api'
import { transfer } from 'ponder:schema'
import { Hono } from 'hono'
import { count } from 'ponder'

// The bench reads how many transfers were indexed, whatever the database.
const app = new Hono()
app.get('/transfers/count', async (c) => {
  const [row] = await db.select({ n: count() }).from(transfer)
  return c.json({ count: row?.n ?? 0 })
})
export default app
