module.exports = require('../index').units;
