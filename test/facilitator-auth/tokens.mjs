// Prints, as JSON, the Authorization header values the hosted facilitators'
// SDKs send for one request: {"cdp": "Bearer ...", "payai": "Bearer ..."}.
// The request and the keys come from the environment: REQUEST_METHOD,
// REQUEST_HOST, REQUEST_PATH, CDP_API_KEY_ID, CDP_API_KEY_SECRET,
// PAYAI_API_KEY_ID and PAYAI_API_KEY_SECRET.
// edge/x402's jwt tests run it when node and these packages are installed.
import { createAuthHeader } from "@coinbase/x402";
import { createPayAIAuthHeaders } from "@payai/facilitator";

const env = process.env;
const cdp = await createAuthHeader(env.CDP_API_KEY_ID, env.CDP_API_KEY_SECRET, env.REQUEST_METHOD, env.REQUEST_HOST, env.REQUEST_PATH);
const payai = (await createPayAIAuthHeaders(env.PAYAI_API_KEY_ID, env.PAYAI_API_KEY_SECRET)()).verify.Authorization;
process.stdout.write(JSON.stringify({ cdp, payai }) + "\n");
