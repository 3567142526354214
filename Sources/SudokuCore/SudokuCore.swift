// SudokuCore: see Package.swift for the layer order.
