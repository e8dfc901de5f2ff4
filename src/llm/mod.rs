//! Chat-model providers behind one trait; only the HTTP transport differs between browser and native.
