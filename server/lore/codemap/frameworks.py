"""Frameworks and tools known by the dependency names that bring them in."""

from __future__ import annotations

# dependency name (lowercase; a trailing "/" matches any name starting with it) -> framework
FRAMEWORKS: dict[str, str] = {
    # Python
    "django": "Django", "flask": "Flask", "fastapi": "FastAPI", "starlette": "Starlette", "pytest": "pytest",
    "sqlalchemy": "SQLAlchemy", "alembic": "Alembic", "celery": "Celery", "pydantic": "pydantic",
    "flask-sqlalchemy": "Flask-SQLAlchemy", "marshmallow": "marshmallow", "aiohttp": "aiohttp",
    "tornado": "Tornado", "click": "Click", "typer": "Typer", "pygls": "pygls", "numpy": "NumPy",
    "pandas": "pandas", "torch": "PyTorch", "tensorflow": "TensorFlow", "boto3": "boto3", "gunicorn": "gunicorn",
    "uvicorn": "uvicorn", "hypothesis": "Hypothesis", "tox": "tox", "nox": "nox", "redis": "Redis client",
    "psycopg2": "PostgreSQL (psycopg2)", "psycopg2-binary": "PostgreSQL (psycopg2)", "psycopg": "PostgreSQL (psycopg)",
    # JavaScript / TypeScript
    "react": "React", "next": "Next.js", "vue": "Vue", "svelte": "Svelte", "@angular/core": "Angular",
    "express": "Express", "koa": "Koa", "fastify": "Fastify", "@nestjs/core": "NestJS", "vitest": "Vitest",
    "jest": "Jest", "mocha": "Mocha", "cypress": "Cypress", "@playwright/test": "Playwright", "vite": "Vite",
    "webpack": "webpack", "typescript": "TypeScript", "knex": "Knex", "db-migrate": "db-migrate",
    "prisma": "Prisma", "typeorm": "TypeORM", "sequelize": "Sequelize", "zod": "zod", "joi": "Joi",
    "@mui/material": "MUI", "tailwindcss": "Tailwind CSS", "eslint": "ESLint", "@biomejs/biome": "Biome",
    "prettier": "Prettier", "graphql": "GraphQL", "openapi-types": "OpenAPI", "swr": "SWR",
    "react-router": "React Router", "react-router-dom": "React Router", "@tanstack/react-query": "TanStack Query",
    "lerna": "Lerna", "turbo": "Turborepo", "nx": "Nx",
    # Go
    "github.com/cosmos/cosmos-sdk": "Cosmos SDK", "google.golang.org/grpc": "gRPC", "github.com/spf13/cobra": "Cobra",
    "github.com/spf13/viper": "Viper", "github.com/gin-gonic/gin": "Gin", "github.com/labstack/echo/": "Echo",
    "github.com/gorilla/mux": "gorilla/mux", "github.com/stretchr/testify": "testify",
    "github.com/cometbft/cometbft": "CometBFT", "github.com/tendermint/tendermint": "Tendermint",
    "go.opentelemetry.io/otel": "OpenTelemetry", "go.opentelemetry.io/collector/": "OpenTelemetry Collector",
    "go.uber.org/zap": "zap", "github.com/prometheus/client_golang": "Prometheus client",
    "github.com/go-chi/chi/": "chi", "gorm.io/gorm": "GORM", "github.com/onsi/ginkgo/v2": "Ginkgo",
    "github.com/gogo/protobuf": "gogoproto", "google.golang.org/protobuf": "Protocol Buffers",
    "github.com/grpc-ecosystem/grpc-gateway/": "grpc-gateway", "github.com/elastic/go-elasticsearch/": "Elasticsearch client",
    # Rust
    "tokio": "Tokio", "axum": "axum", "actix-web": "Actix Web", "clap": "clap", "serde": "serde",
    "tonic": "tonic (gRPC)", "diesel": "Diesel", "sqlx": "SQLx", "rocket": "Rocket",
    # Java
    "org.springframework.boot": "Spring Boot", "junit": "JUnit", "org.junit.jupiter": "JUnit 5",
    "io.quarkus": "Quarkus", "io.micronaut": "Micronaut", "org.hibernate": "Hibernate",
}
TEST_FRAMEWORKS = {"pytest", "Jest", "Vitest", "Mocha", "Cypress", "Playwright", "testify", "Ginkgo", "JUnit",
                   "JUnit 5", "Hypothesis"}


def framework_of(dependency: str) -> str | None:
    """The framework a dependency name brings in, or None."""
    name = dependency.strip().lower()
    found = FRAMEWORKS.get(name)
    if found:
        return found
    for key, value in FRAMEWORKS.items():
        if key.endswith("/") and name.startswith(key):
            return value
        if "." in key and name.startswith(key + "/"):  # Go: a module's sub-path (cosmos-sdk/x/...)
            return value
    return None
