def read_marks(rgb, lattice):
    return None
