-- PRODUCT_NAME = $(APP_NAME) and APP_NAME = $(PRODUCT_NAME) Pro: an error naming the cycle and
-- where each is set, exit 2.

Project "../Legacy.xcodeproj"
