var assert = require('assert')
var escapeHtml = require('..')

assert.strictEqual(escapeHtml('`'), '&#96;')
