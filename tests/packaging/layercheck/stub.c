int layercheck_stub(void) { return 0; }
