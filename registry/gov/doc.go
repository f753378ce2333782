// Package gov holds the U.S. government data tools: federal contracts and
// spending (with a contract-fit brief), grants, lobbying disclosures, the
// national debt, nonprofits' filings, World Bank indicators and postal codes.
package gov
