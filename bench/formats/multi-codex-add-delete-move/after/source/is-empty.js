'use strict';

module.exports = string => string.length === 0;
