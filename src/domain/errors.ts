/** The JSON body of every error the API returns (design: "Calls and errors"). */
export interface ApiErrorBody {
  message: string;
  errors?: FieldError[];
}

export interface FieldError {
  /** Dotted path of the field, e.g. `items.0.quantity`. */
  path: string;
  message: string;
}
