// The seller a user would otherwise build: express with the official x402
// middleware, selling agent_trifecta_score at coinslot's price on Base USDC,
// verifying and settling through the facilitator at FACILITATOR_URL.
//
//   PORT=8404 PAY_TO=0x... FACILITATOR_URL=http://127.0.0.1:8402 node server.mjs
import express from "express";
import { paymentMiddleware, x402ResourceServer } from "@x402/express";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { HTTPFacilitatorClient } from "@x402/core/server";

const { PORT = "8404", PAY_TO, FACILITATOR_URL } = process.env;
if (!PAY_TO || !FACILITATOR_URL) {
  console.error("PAY_TO and FACILITATOR_URL are required");
  process.exit(2);
}

const route = "/paid/security/trifecta-score";
const server = new x402ResourceServer(new HTTPFacilitatorClient({ url: FACILITATOR_URL }))
  .register("eip155:8453", new ExactEvmScheme());

const app = express();
app.use(express.json());
app.use(paymentMiddleware({
  [`POST ${route}`]: {
    accepts: { scheme: "exact", price: "$0.05", network: "eip155:8453", payTo: PAY_TO, maxTimeoutSeconds: 60 },
    description: "Scores an agent design against the lethal trifecta.",
    mimeType: "application/json",
  },
}, server));

// The same scoring as coinslot's tool, without free-text controls.
app.post(route, (req, res) => {
  const b = req.body ?? {};
  const legs = ["has_private_data", "has_untrusted_content", "has_outbound_actions"];
  if (!legs.every((k) => typeof b[k] === "boolean")) {
    res.status(400).json({ error: { code: "invalid_params", message: legs.join(", ") + " are required booleans" } });
    return;
  }
  const present = legs.filter((k) => b[k]).length;
  const score = Math.min(present * 30 + (present === 3 ? 10 : 0), 100);
  const level = present === 3 || score >= 70 ? "critical" : score >= 45 ? "high" : score >= 20 ? "medium" : "low";
  res.json({
    success: true,
    data: { trifecta_complete: present === 3, risk_score: score, risk_level: level },
    count: 1,
    meta: { source: "local analysis" },
  });
});

app.listen(Number(PORT), "127.0.0.1", () => console.log(`peer listening on 127.0.0.1:${PORT}`));
