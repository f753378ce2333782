package treasury

// DebtToPenny is the daily total public debt outstanding, split into debt
// held by the public and intragovernmental holdings (dollars, as strings).
const DebtToPenny = "/v2/accounting/od/debt_to_penny"
