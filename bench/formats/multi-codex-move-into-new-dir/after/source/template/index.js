'use strict';
module.exports = require('./parse');
