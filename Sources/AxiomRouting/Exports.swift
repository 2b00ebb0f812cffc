@_exported public import AxiomURLPattern
